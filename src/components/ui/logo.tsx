/** The Waves mark: five sound bars in a rounded square. Decorative unless labelled. */
export function Logo({ size = 32, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      className="logo"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <rect width="64" height="64" rx="16" fill="var(--color-brand, #0f766e)" />
      <g fill="#fff">
        <rect x="11" y="26" width="6" height="12" rx="3" />
        <rect x="21" y="18" width="6" height="28" rx="3" />
        <rect x="31" y="12" width="6" height="40" rx="3" />
        <rect x="41" y="20" width="6" height="24" rx="3" />
        <rect x="51" y="27" width="4" height="10" rx="2" fill="#fdba74" />
      </g>
    </svg>
  );
}
