// Types of shell-rollover.mjs for the browser suite (e2e/tests/shell-rollover.spec.ts).
export interface StepFigures {
  step: string;
  to: string;
  requests: number;
  refused: number;
  failed: number;
  resent: number;
  errors: Record<string, number>;
  handoverMs: number;
  servers: { readyMs: number; drainMs: number | null }[];
}

export interface LayoutResult {
  layout: 'start' | 'haproxy';
  first: string;
  second: string;
  steps: StepFigures[];
  canary: { bucket0: string; bucket99: string };
}

export function measureLayout(layout: 'start' | 'haproxy'): Promise<LayoutResult>;
