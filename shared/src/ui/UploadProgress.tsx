/** An upload's progress bar, 0–100 percent, named for assistive technology by `label`. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="rf-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="rf-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
