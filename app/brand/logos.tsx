// Logos as inline SVG (ARCHITECTURE §10); presentation attributes only, as the CSP forbids style="".
// `textLength` pins the lettering's width whatever Japanese font the device has.

import type { Brand } from "./brands";

interface LogoProps {
  brand: Brand;
}

function SakidoriLogo({ brand }: LogoProps) {
  return (
    <svg
      role="img"
      aria-label={brand.serviceName}
      viewBox="0 0 134 36"
      width="134"
      height="36"
      display="block"
      className="brand-logo"
    >
      <path
        d="M5 4h15l7 7v21H5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M20 4v7h7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M9 16h8M9 21h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M12 27h17" stroke={brand.colors.accent} strokeWidth="3.5" strokeLinecap="round" />
      <path
        d="M24 21.5l6 5.5-6 5.5"
        fill="none"
        stroke={brand.colors.accent}
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="40"
        y="26"
        fill="currentColor"
        fontSize="21"
        fontWeight="700"
        textLength="90"
        lengthAdjust="spacingAndGlyphs"
      >
        {brand.shortName}
      </text>
    </svg>
  );
}

function MidoriLogo({ brand }: LogoProps) {
  return (
    <svg
      role="img"
      aria-label={brand.serviceName}
      viewBox="0 0 146 36"
      width="146"
      height="36"
      display="block"
      className="brand-logo"
    >
      <path d="M4 32C4 15 14 5 31 4c0 17-10 27-27 28z" fill={brand.colors.accent} />
      <path
        d="M6 30C12 22 18 16 25 11"
        fill="none"
        stroke={brand.colors.primaryDark}
        strokeWidth="2"
        strokeLinecap="round"
      />
      <text
        x="38"
        y="17"
        fill="currentColor"
        fontSize="17"
        fontWeight="700"
        textLength="88"
        lengthAdjust="spacingAndGlyphs"
      >
        {brand.shortName}
      </text>
      <text x="38" y="32" fill="currentColor" fontSize="11" textLength="106" lengthAdjust="spacingAndGlyphs">
        請求書買取サービス
      </text>
    </svg>
  );
}

function TextLogo({ brand }: LogoProps) {
  return <span className="brand-logo">{brand.shortName}</span>;
}

const LOGOS: Record<string, (props: LogoProps) => JSX.Element> = {
  sakidori: SakidoriLogo,
  midori: MidoriLogo,
};

export function BrandLogo({ brand }: LogoProps) {
  const Logo = LOGOS[brand.id] ?? TextLogo;
  return <Logo brand={brand} />;
}
