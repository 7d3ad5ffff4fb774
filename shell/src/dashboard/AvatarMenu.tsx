// The avatar popover: photo (or initials), full name, 'Exp: N+ Years', summary, skills, 'View profile'.
import { useId } from 'react';
import { useCurrentUser, useDashboardNavigate, useSessionStore } from '@referio/shared';
import { usePopover } from '../components/useDismiss';
import { fullName, initials } from '../session/names';
import { profilePage, type DashboardMode } from './pages';

export function AvatarMenu({ mode }: { mode: DashboardMode }) {
  const user = useCurrentUser();
  const storedPhoto = useSessionStore((s) => s.profileImageLink);
  const { open, setOpen, trigger, panel } = usePopover();
  const nameId = useId();
  const go = useDashboardNavigate();

  if (!user) return null;
  const photo = storedPhoto ?? user.profileLink;
  const name = fullName(user);

  return (
    <div className="dash__popover-anchor">
      <button
        {...trigger}
        type="button"
        className="dash__avatar-button"
        aria-label={`Account: ${name}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar photo={photo} text={initials(user)} />
      </button>
      {open && (
        <div
          {...panel}
          className="dash__panel dash__profile-card"
          role="region"
          aria-labelledby={nameId}
        >
          <div className="dash__profile-head">
            <Avatar photo={photo} text={initials(user)} large />
            <div>
              <h2 id={nameId} className="dash__profile-name">
                {name}
              </h2>
              <p className="dash__profile-exp">Exp: {user.overAllExperience ?? 0}+ Years</p>
            </div>
          </div>
          {user.summary && <p className="dash__profile-summary">{user.summary}</p>}
          {user.skills.length > 0 && (
            <ul className="dash__profile-skills" aria-label="Skills">
              {user.skills.map((skill) => (
                <li key={skill} className="rf-chip">
                  {skill}
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="rf-btn rf-btn--primary rf-btn--sm rf-btn--full"
            onClick={() => {
              setOpen(false);
              go(profilePage[mode]);
            }}
          >
            View profile
          </button>
        </div>
      )}
    </div>
  );
}

function Avatar({
  photo,
  text,
  large = false,
}: {
  photo: string | null;
  text: string;
  large?: boolean;
}) {
  const className = large ? 'dash__avatar dash__avatar--lg' : 'dash__avatar';
  if (photo) return <img className={className} src={photo} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {text}
    </span>
  );
}
