import './Logo.css';

/** The Referio mark and word. Decorative when a link around it carries the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ? `logo ${className}` : 'logo'}>
      <svg
        className="logo__mark"
        viewBox="0 0 64 64"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="var(--rf-color-primary)" />
        <path
          d="M20 48V16h14a10 10 0 0 1 2.6 19.66L45 48h-8.2l-7.6-12H27v12zm7-18h6.5a4 4 0 0 0 0-8H27z"
          fill="#fff"
        />
      </svg>
      <span className="logo__word">Referio</span>
    </span>
  );
}
