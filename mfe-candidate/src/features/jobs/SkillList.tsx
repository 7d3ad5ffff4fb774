import { visibleSkills } from '@referio/shared';

export interface SkillListProps {
  skills: readonly string[];
  /** How many to show before '+N more'. */
  count: number;
  /** Names the list for screen readers. */
  label?: string;
}

/** The first `count` skills as chips, the rest as '+N more'. */
export function SkillList({ skills, count, label = 'Skills' }: SkillListProps) {
  const { shown, more } = visibleSkills(skills, count);
  if (shown.length === 0) return null;
  return (
    <ul className="cand-skills" aria-label={label}>
      {shown.map((skill) => (
        <li key={skill} className="rf-chip">
          {skill}
        </li>
      ))}
      {more > 0 && <li className="cand-skills__more">+{more} more</li>}
    </ul>
  );
}
