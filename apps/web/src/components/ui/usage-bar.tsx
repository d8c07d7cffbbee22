/** A thin bar showing how much of an allowance is used, `share` in percent (0 to 100). */
export function UsageBar({ label, share }: { label: string; share: number }) {
  return (
    <div
      className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-border"
      role="progressbar"
      aria-label={label}
      aria-valuenow={share}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
    </div>
  );
}
