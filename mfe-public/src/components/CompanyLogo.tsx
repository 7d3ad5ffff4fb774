import { cx } from '@referio/shared';
import './CompanyLogo.css';

/** A company's 40px logo, or the first letter of its name where it has none. */
export function CompanyLogo({
  name,
  logo,
  className,
}: {
  name: string;
  logo: string | null | undefined;
  className?: string;
}) {
  return logo ? (
    <img
      className={cx('rf-company-logo', className)}
      src={logo}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className={cx('rf-company-logo rf-company-logo--initial', className)} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
