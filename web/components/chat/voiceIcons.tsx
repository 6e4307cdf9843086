/**
 * The few shapes the voice player and recorder draw, here and not from lucide-react: every lucide icon goes into the
 * one icons chunk every page loads (vite.config.ts), and these belong to chunks loaded only with a voice message or the
 * first microphone tap. 24×24, in the text's colour.
 */
const box = { viewBox: "0 0 24 24", "aria-hidden": true, focusable: false } as const;

export const PlayShape = ({ className }: { className?: string }) => (
  <svg {...box} className={className} fill="currentColor">
    <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5Z" />
  </svg>
);

export const PauseShape = ({ className }: { className?: string }) => (
  <svg {...box} className={className} fill="currentColor">
    <rect x="6" y="4" width="4" height="16" rx="1" />
    <rect x="14" y="4" width="4" height="16" rx="1" />
  </svg>
);

export const StopShape = ({ className }: { className?: string }) => (
  <svg {...box} className={className} fill="currentColor">
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </svg>
);

export const BinShape = ({ className }: { className?: string }) => (
  <svg
    {...box}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
  </svg>
);

export const SendShape = ({ className }: { className?: string }) => (
  <svg
    {...box}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 12 3 4l18 8-18 8 1-8Zm0 0h8" />
  </svg>
);

export const ChevronShape = ({ className }: { className?: string }) => (
  <svg
    {...box}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="m15 18-6-6 6-6" />
  </svg>
);

export const LockShape = ({ className }: { className?: string }) => (
  <svg
    {...box}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

export const SpinnerShape = ({ className }: { className?: string }) => (
  <svg {...box} className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M21 12a9 9 0 1 1-6.2-8.56" />
  </svg>
);
