// What the render pool's workers do (render-pool.ts sends, render-worker.ts answers): the messages between them.
import type { ShareImageJob } from './share-image';

/** A remote's server module: its code, sent to a worker once per version (then without `code`). */
export interface RemoteModule {
  name: string;
  url: string;
  code: string;
}

/** A page's HTML and react-query's state for the browser's client, from the shell's server bundle. */
export interface Rendered {
  status: number;
  html: string;
  state: unknown;
}

/** A page's head as its remote's server module gives it (shared's PageHead, with what the server uses). */
export interface PageHead {
  title: string;
  description: string;
  canonical?: string;
  image?: string;
  jsonLd?: unknown;
  status?: number;
}

export type RenderTask =
  | { kind: 'page'; url: string; module: string; expose: string; remote: RemoteModule }
  | { kind: 'notFound'; url: string }
  | { kind: 'sitemap'; remote: RemoteModule }
  | { kind: 'shareImage'; job: ShareImageJob };

/** What each kind of task answers. */
export interface TaskResults {
  page: { rendered: Rendered | null; head?: PageHead; islands?: boolean };
  notFound: { rendered: Rendered };
  sitemap: { paths: string[] };
  shareImage: { png: Uint8Array };
  ping: 'pong';
}

/** A task as a worker receives it: the remote's code only when the worker lacks that version. */
type Sent<T> = T extends { remote: RemoteModule }
  ? Omit<T, 'remote'> & { remote: Omit<RemoteModule, 'code'> & { code?: string } }
  : T;

/** A task with its id, as a worker receives it. */
export type TaskMessage = (Sent<RenderTask> & { id: number }) | { id: number; kind: 'ping' };

/** A worker's answer. */
export type WorkerMessage =
  | { ready: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };
