import { cutSkill, visibleSkills } from '@referio/shared';
import '../cards.css';

export interface SkillChipsProps {
  skills: readonly string[] | null | undefined;
  /** How many to show before '+N more'; all when left out. */
  max?: number;
  /** Names the list for screen readers. */
  label?: string;
  /** Cuts each chip to the spec's 7 characters; the whole name stays in the title and for screen readers. */
  cut?: boolean;
}

/** Skills as chips: the first `max` of them, the rest as '+N more'. Nothing when there are none. */
export function SkillChips({ skills, max, label = 'Skills', cut = false }: SkillChipsProps) {
  const list = skills ?? [];
  const { shown, more } = visibleSkills(list, max ?? list.length);
  if (list.length === 0) return null;
  return (
    <ul className="rf-chips" aria-label={label}>
      {shown.map((skill) => {
        const short = cut ? cutSkill(skill) : skill;
        return (
          <li key={skill} className="rf-chip" title={short === skill ? undefined : skill}>
            {short === skill ? (
              skill
            ) : (
              <>
                <span aria-hidden="true">{short}</span>
                <span className="rf-visually-hidden">{skill}</span>
              </>
            )}
          </li>
        );
      })}
      {more > 0 && <li className="rf-chips__more">+{more} more</li>}
    </ul>
  );
}
