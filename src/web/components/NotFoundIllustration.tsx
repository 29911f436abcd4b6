interface NotFoundIllustrationProps {
  className?: string;
}

/** A big "404" whose zero is a doorway with its door hanging off one hinge. */
export function NotFoundIllustration({ className = '' }: NotFoundIllustrationProps) {
  return (
    <svg
      role="img"
      aria-label="Illustration: a big 404 whose zero is a doorway with a broken door"
      viewBox="0 0 320 200"
      className={className}
    >
      {/* floor */}
      <path d="M16 176h288" stroke="#cbd5e1" strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="160" cy="178" rx="70" ry="6" fill="#e2e8f0" />

      {/* left "4" */}
      <path d="M78 48 34 124h52M78 48v128" fill="none" stroke="#1e3a8a" strokeWidth="18" strokeLinejoin="round" />
      {/* right "4" */}
      <path d="M286 48l-44 76h52M286 48v128" fill="none" stroke="#1e3a8a" strokeWidth="18" strokeLinejoin="round" />

      {/* the doorway (the "0") */}
      <rect x="122" y="34" width="76" height="142" rx="8" fill="#172554" />
      <rect x="130" y="42" width="60" height="134" rx="4" fill="#0f172a" />
      <path d="M130 176 190 150v26z" fill="#1e293b" />

      {/* the door, hanging off its bottom hinge */}
      <g transform="rotate(-14 134 170)">
        <rect x="134" y="52" width="54" height="118" rx="3" fill="#f59e0b" stroke="#b45309" strokeWidth="3" />
        <rect x="142" y="62" width="38" height="40" rx="2" fill="none" stroke="#b45309" strokeWidth="3" />
        <rect x="142" y="112" width="38" height="48" rx="2" fill="none" stroke="#b45309" strokeWidth="3" />
        <circle cx="178" cy="112" r="4" fill="#78350f" />
        {/* crack */}
        <path d="M188 74l-12 10 8 8-14 12 6 6" fill="none" stroke="#78350f" strokeWidth="3" strokeLinejoin="round" />
      </g>
      {/* broken top hinge */}
      <rect x="124" y="58" width="10" height="6" rx="2" fill="#94a3b8" />
      <path d="M120 54l-6-6M118 64h-8" stroke="#94a3b8" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
