import type { ReactNode, SVGProps } from 'react';
import classes from './icons.module.css';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number | string;
}

/**
 * Small stroke icons drawn inline (no icon library in the bundle). Decorative by default:
 * the control that holds one carries the accessible name.
 */
export function makeIcon(name: string, paths: ReactNode, { mirrorInRtl = false } = {}) {
  function Icon({ size = 20, className, ...props }: IconProps) {
    const classNames = [classes.icon, mirrorInRtl ? classes.mirror : '', className ?? ''].filter(Boolean).join(' ');
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={classNames}
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

/** Two opposite arrows: reads the same in RTL and LTR; rotate it for a side-by-side layout. */
export const IconSwapVertical = makeIcon(
  'IconSwapVertical',
  <path d="M7 4v16M3.5 7.5 7 4l3.5 3.5M17 20V4M13.5 16.5 17 20l3.5-3.5" />,
);

/** A plane taking off towards the reading direction. */
export const IconPlaneDeparture = makeIcon(
  'IconPlaneDeparture',
  <>
    <path d="M3 20h18" />
    <path d="m4.5 12.8 2.6-.7 2.1 1.3 2.6-.7-3.3-5.5 2.6-.7 5 5.1 4.3-1.2a1.8 1.8 0 0 1 .9 3.5L7.4 17.3z" />
  </>,
  { mirrorInRtl: true },
);

/** A plane landing, travelling in the reading direction. */
export const IconPlaneArrival = makeIcon(
  'IconPlaneArrival',
  <>
    <path d="M3 20h18" />
    <path d="m15.2 11.8 4.8 1.3a1.8 1.8 0 0 1-.9 3.5L4.5 12.7 3.2 6.3l2.6.7 1.4 2.4 2.6.7-.1-7.1 2.6.7z" />
  </>,
  { mirrorInRtl: true },
);

export const IconCalendar = makeIcon(
  'IconCalendar',
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const IconUsers = makeIcon(
  'IconUsers',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.7a3.5 3.5 0 0 1 0 6.6M18.5 14.5a6.5 6.5 0 0 1 3 5.5" />
  </>,
);

export const IconChevronDown = makeIcon('IconChevronDown', <path d="m6 9 6 6 6-6" />);
export const IconPlus = makeIcon('IconPlus', <path d="M12 5v14M5 12h14" />);
export const IconMinus = makeIcon('IconMinus', <path d="M5 12h14" />);
export const IconClose = makeIcon('IconClose', <path d="M6 6l12 12M18 6 6 18" />);
export const IconTrash = makeIcon(
  'IconTrash',
  <path d="M4 7h16M10 11v6M14 11v6M5.5 7l1 12.5A1.5 1.5 0 0 0 8 21h8a1.5 1.5 0 0 0 1.5-1.5L18.5 7M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />,
);

export const IconGlobe = makeIcon(
  'IconGlobe',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </>,
);

export const IconMail = makeIcon(
  'IconMail',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </>,
);

export const IconPhone = makeIcon(
  'IconPhone',
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
);

/** A chat bubble with a handset: the usual sign for a messaging-app contact link. */
export const IconChat = makeIcon(
  'IconChat',
  <>
    <path d="M3.5 20.5l1.4-4.2A8.6 8.6 0 1 1 8 19.3z" />
    <path d="M9 9.2c0-.6.4-1 1-1h.4l.9 2-.8.7a5 5 0 0 0 2.6 2.6l.7-.8 2 .9v.4c0 .6-.4 1-1 1A5.8 5.8 0 0 1 9 9.2" />
  </>,
);

export const IconLuggage = makeIcon(
  'IconLuggage',
  <>
    <rect x="5" y="7" width="14" height="13" rx="2" />
    <path d="M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7M9 11v5M15 11v5M8 20v1.5M16 20v1.5" />
  </>,
);
