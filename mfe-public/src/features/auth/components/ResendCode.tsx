import { Button } from '@referio/shared';

export interface ResendCodeProps {
  secondsLeft: number;
  busy: boolean;
  onResend: () => void;
}

/** 'Resend code', disabled with its countdown until the API accepts another code for the address. */
export function ResendCode({ secondsLeft, busy, onResend }: ResendCodeProps) {
  return (
    <Button
      variant="ghost"
      onClick={onResend}
      disabled={secondsLeft > 0}
      busy={busy}
      busyLabel="Sending OTP..."
    >
      {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
    </Button>
  );
}
