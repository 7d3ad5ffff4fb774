import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import type { CurrentUser, SessionResponse } from '../contract/account';
import type { RoleName } from '../contract/roles';
import { isDashboardPageKey, type DashboardPageKey } from '../contract/constants';
import type { StreamEnd } from '../contract/chat';
import { forgetSuspension, noteSuspension } from './suspension';

/** `{ data: CurrentUser }`, as the spec keeps user info in local storage. */
export interface UserInfo {
  data: CurrentUser;
}

/** What the browser remembers of a session. Profile data only: the session itself is an httpOnly cookie. */
export interface SessionData {
  /** The verifyOtp (or oAuth) answer, whole. */
  applicantUser: SessionResponse | null;
  currentUserInfo: UserInfo | null;
  /** Same as currentUserInfo while in referrer mode, else absent. */
  referrerUser: UserInfo | null;
  role: RoleName | null;
  activeChatId: string | null;
  selectedJobId: string | null;
  profileImageLink: string | null;
  activePage: DashboardPageKey | null;
}

export interface SessionActions {
  signIn(answer: SessionResponse): void;
  setUser(user: CurrentUser): void;
  setRole(role: RoleName): void;
  setActivePage(key: DashboardPageKey): void;
  setActiveChatId(id: string | null): void;
  setSelectedJobId(id: string | null): void;
  setProfileImageLink(url: string | null): void;
  /** Forgets everything: every key below is removed from local storage. */
  signOut(): void;
  /**
   * The server ended the session (a logout in another tab, a suspension, a revoked session): signs out,
   * remembering a suspension's reason for the suspended page.
   */
  sessionEnded(end: StreamEnd): void;
}

export type SessionState = SessionData & SessionActions;

/** The local-storage keys, one per field (the spec's names). */
export const SESSION_STORAGE_KEYS = [
  'applicantUser',
  'currentUserInfo',
  'referrerUser',
  'role',
  'activeChatId',
  'selectedJobId',
  'profileImageLink',
  'activePage',
] as const satisfies readonly (keyof SessionData)[];

type Key = (typeof SESSION_STORAGE_KEYS)[number];
const JSON_KEYS: ReadonlySet<Key> = new Set(['applicantUser', 'currentUserInfo', 'referrerUser']);

const EMPTY: SessionData = {
  applicantUser: null,
  currentUserInfo: null,
  referrerUser: null,
  role: null,
  activeChatId: null,
  selectedJobId: null,
  profileImageLink: null,
  activePage: null,
};

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode): run in memory
  }
}

const isUser = (v: unknown): v is CurrentUser =>
  !!v && typeof v === 'object' && typeof (v as CurrentUser)._id === 'string';
const isUserInfo = (v: unknown): v is UserInfo =>
  !!v && typeof v === 'object' && isUser((v as UserInfo).data);

function readKey(ls: Storage, key: Key): unknown {
  const raw = ls.getItem(key);
  if (raw === null || raw === '') return null;
  if (!JSON_KEYS.has(key)) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Reads the keys back, dropping anything malformed. */
export function readStoredSession(): SessionData {
  const ls = storage();
  if (!ls) return { ...EMPTY };
  const applicantUser = readKey(ls, 'applicantUser');
  const currentUserInfo = readKey(ls, 'currentUserInfo');
  const referrerUser = readKey(ls, 'referrerUser');
  const role = readKey(ls, 'role');
  const activePage = readKey(ls, 'activePage');
  const str = (k: Key) => {
    const v = readKey(ls, k);
    return typeof v === 'string' ? v : null;
  };
  return {
    applicantUser: isUserInfo(applicantUser) ? (applicantUser as SessionResponse) : null,
    currentUserInfo: isUserInfo(currentUserInfo) ? currentUserInfo : null,
    referrerUser: isUserInfo(referrerUser) ? referrerUser : null,
    role: role === 'user' || role === 'referer' ? role : null,
    activeChatId: str('activeChatId'),
    selectedJobId: str('selectedJobId'),
    profileImageLink: str('profileImageLink'),
    activePage: isDashboardPageKey(activePage) ? activePage : null,
  };
}

function writeStoredSession(data: Partial<SessionData>): void {
  const ls = storage();
  if (!ls) return;
  for (const key of SESSION_STORAGE_KEYS) {
    if (!(key in data)) continue;
    const v = data[key];
    try {
      if (v === null || v === undefined) ls.removeItem(key);
      else ls.setItem(key, JSON_KEYS.has(key) ? JSON.stringify(v) : String(v));
    } catch {
      // quota exceeded or storage disabled: the in-memory state still holds
    }
  }
}

/** Persist storage that spreads the state over the spec's keys instead of one blob. */
const perKeyStorage: PersistStorage<SessionData> = {
  getItem: () => ({ state: readStoredSession(), version: 0 }),
  setItem: (_name, value: StorageValue<SessionData>) => writeStoredSession(value.state),
  removeItem: () => writeStoredSession({ ...EMPTY }),
};

const roleOf = (user: CurrentUser): RoleName => user.roles[0]?.roleName ?? 'user';

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      signIn(answer) {
        forgetSuspension();
        const info = { data: answer.data };
        const role = roleOf(answer.data);
        set({
          applicantUser: answer,
          currentUserInfo: info,
          referrerUser: role === 'referer' ? info : null,
          role,
          profileImageLink: answer.data.profileLink ?? get().profileImageLink,
        });
      },
      setUser(user) {
        const { applicantUser, role } = get();
        const info = { data: user };
        set({
          applicantUser: applicantUser
            ? { ...applicantUser, data: user }
            : { success: true, message: '', data: user },
          currentUserInfo: info,
          referrerUser: role === 'referer' ? info : null,
          profileImageLink: user.profileLink ?? get().profileImageLink,
        });
      },
      setRole(role) {
        const { currentUserInfo } = get();
        set({ role, referrerUser: role === 'referer' ? currentUserInfo : null });
      },
      setActivePage: (activePage) => set({ activePage }),
      setActiveChatId: (activeChatId) => set({ activeChatId }),
      setSelectedJobId: (selectedJobId) => set({ selectedJobId }),
      setProfileImageLink: (profileImageLink) => set({ profileImageLink }),
      signOut() {
        set({ ...EMPTY });
        writeStoredSession({ ...EMPTY });
      },
      sessionEnded(end) {
        if (end.why === 'suspended') noteSuspension(end.suspension);
        get().signOut();
      },
    }),
    {
      name: 'referio-session',
      storage: perKeyStorage,
      partialize: (s): SessionData => ({
        applicantUser: s.applicantUser,
        currentUserInfo: s.currentUserInfo,
        referrerUser: s.referrerUser,
        role: s.role,
        activeChatId: s.activeChatId,
        selectedJobId: s.selectedJobId,
        profileImageLink: s.profileImageLink,
        activePage: s.activePage,
      }),
      // The stored keys are the whole truth: what is absent there is absent here.
      merge: (persisted, current) => ({ ...current, ...EMPTY, ...(persisted as SessionData) }),
    },
  ),
);

/** Another tab signed in or out, switched role, …: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== window.localStorage) return;
    if (e.key === null || (SESSION_STORAGE_KEYS as readonly string[]).includes(e.key)) {
      void useSessionStore.persist.rehydrate();
    }
  });
}

/** The signed-in user, or null. */
export const useCurrentUser = (): CurrentUser | null =>
  useSessionStore((s) => s.currentUserInfo?.data ?? s.applicantUser?.data ?? null);

/** The active mode: 'user' (candidate) or 'referer'; 'user' by default. */
export const useRole = (): RoleName => useSessionStore((s) => s.role ?? 'user');

/** True when an applicant or referrer session is stored. */
export const useIsSignedIn = (): boolean =>
  useSessionStore((s) => !!(s.applicantUser || s.currentUserInfo || s.referrerUser));

/** Non-React read of the signed-in state (the API client uses it). */
export const isSignedIn = (): boolean => {
  const s = useSessionStore.getState();
  return !!(s.applicantUser || s.currentUserInfo || s.referrerUser);
};
