import { visibleSkills } from '@referio/shared';

export interface SkillChipsProps {
  skills: readonly string[] | null | undefined;
  /** How many to show before '+N more'; all when left out. */
  max?: number;
  label?: string;
}

/** Skills as chips, the first `max` of them and '+N more'. */
export function SkillChips({ skills, max, label = 'Skills' }: SkillChipsProps) {
  const list = skills ?? [];
  const { shown, more } = visibleSkills(list, max ?? list.length);
  if (list.length === 0) return null;
  return (
    <ul className="rr-chips" aria-label={label}>
      {shown.map((s) => (
        <li key={s} className="rf-chip">
          {s}
        </li>
      ))}
      {more > 0 && <li className="rr-chips__more">+{more} more</li>}
    </ul>
  );
}
