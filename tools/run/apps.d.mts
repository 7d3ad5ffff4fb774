export const root: string;
export const API_PORT: number;
export interface AppInfo {
  dir: string;
  name: string;
  port: number;
  host?: boolean;
}
export const apps: AppInfo[];
export function appByDir(dir: string): AppInfo;
export function defaultRemotes(): { name: string; entry: string }[];
