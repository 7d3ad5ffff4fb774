import type { ChildProcess } from 'node:child_process';
import type { AppInfo } from './apps.mjs';

export interface BuildStep {
  name: string;
  workspace: string;
  /** How `npm start` builds it; unset: `npm run <script>` in the workspace. */
  command?: string[];
  /** The workspace script that builds it (default `build`). */
  script?: string;
  inputs: string[];
  output: string;
  after?: string[];
}
export const buildSteps: BuildStep[];
/** The static and shell server's entry, relative to the repository root. */
export const SERVE: string;
export function staleSteps(): BuildStep[];
export function run(
  cmd: string,
  args: string[],
  opts?: { quiet?: boolean; env?: Record<string, string> },
): Promise<string>;
export function buildStale(opts?: {
  log?: (m: string) => void;
  only?: (step: BuildStep) => boolean;
}): Promise<string[]>;
export function waitForUrl(url: string, timeoutMs?: number): Promise<Response>;
export function startProcess(
  label: string,
  cmd: string,
  args: string[],
  opts?: {
    env?: Record<string, string>;
    quiet?: boolean;
    format?: (line: string) => string | null;
  },
): ChildProcess;
export function startApi(opts?: {
  env?: Record<string, string>;
  quiet?: boolean;
  port?: number;
  format?: (line: string) => string | null;
}): ChildProcess;
export function startStatic(
  dir: string,
  opts?: { quiet?: boolean; args?: string[]; format?: (line: string) => string | null },
): ChildProcess;
export function releaseBuilds(opts?: {
  log?: (m: string) => void;
  only?: (app: AppInfo) => boolean;
}): Promise<string[]>;
export function startStack(opts?: {
  quiet?: boolean;
  apiEnv?: Record<string, string>;
}): Promise<{ children: Record<string, ChildProcess>; stop: () => Promise<void> }>;
