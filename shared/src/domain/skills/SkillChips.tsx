import { useEffect, useId, useRef, useState } from 'react';
import { cutSkill, visibleSkills } from '@referio/shared';
import '../cards.css';

export interface SkillChipsProps {
  skills: readonly string[] | null | undefined;
  /** How many to show before '+N more'; all when left out. */
  max?: number;
  /** Names the list for screen readers. */
  label?: string;
  /**
   * Cuts a really long name (past SKILL_CUT_LENGTH) with an ellipsis; the whole name shows in a tooltip
   * on hover, focus and tap, and is the chip's name for screen readers (and its title). Usual names show whole.
   */
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
        return short === skill ? (
          <li key={skill} className="rf-chip rf-chip--whole">
            {skill}
          </li>
        ) : (
          <CutChip key={skill} skill={skill} short={short} />
        );
      })}
      {more > 0 && <li className="rf-chips__more">+{more} more</li>}
    </ul>
  );
}

/**
 * A chip cut short: 'Amazon Web Services (AWS…'. It takes the focus (a button, so a tap works too) and then shows the whole
 * name in a tooltip, as hovering does; Escape or a tap elsewhere hides it.
 */
function CutChip({ skill, short }: { skill: string; short: string }) {
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  return (
    <li
      ref={ref}
      className="rf-chip rf-chip--cut"
      title={skill}
      data-open={open || undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="rf-chip__toggle"
        aria-describedby={open ? tipId : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <span aria-hidden="true">{short}…</span>
        <span className="rf-visually-hidden">{skill}</span>
      </button>
      {open && (
        <span role="tooltip" id={tipId} className="rf-chip__tip">
          {skill}
        </span>
      )}
    </li>
  );
}
