import type { SVGProps } from 'react';
import classes from './offers.module.css';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

const base = ({ size = 20, className, ...props }: IconProps, mirror = false): SVGProps<SVGSVGElement> => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  className: [mirror ? classes.mirror : '', className ?? ''].join(' ').trim() || undefined,
  ...props,
});

/** Points to the inline end (right in English, left in Arabic): the direction of travel. */
export function PlaneIcon(props: IconProps) {
  return (
    <svg {...base(props, true)} fill="currentColor" stroke="none">
      <path d="M21.5 12c0-.8-.7-1.4-1.5-1.4h-5.2L10 3.2H8.1l2.4 7.4H5.6L3.9 8.5H2.4l1 3.5-1 3.5h1.5l1.7-2.1h4.9l-2.4 7.4H10l4.8-7.4H20c.8 0 1.5-.6 1.5-1.4Z" />
    </svg>
  );
}

/** An arrow to the inline end, mirrored in right-to-left text. */
export function ArrowIcon(props: IconProps) {
  return (
    <svg {...base(props, true)}>
      <path d="M4 12h15M13 6l6 6-6 6" />
    </svg>
  );
}

export function SuitcaseIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="5" y="7" width="14" height="13" rx="2" />
      <path d="M9 7V4.5h6V7M9 11v5M15 11v5" />
    </svg>
  );
}

export function CabinBagIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="7" y="8" width="10" height="11" rx="2" />
      <path d="M10 8V5h4v3M9 21h.01M15 21h.01" />
    </svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="4" y="5.5" width="16" height="14.5" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
    </svg>
  );
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <svg {...base(props)} fill="currentColor" stroke="none">
      <path d="M12 2.5a9.4 9.4 0 0 0-8.1 14.2L2.5 21.5l4.9-1.3A9.4 9.4 0 1 0 12 2.5Zm0 17.2c-1.5 0-2.9-.4-4.1-1.1l-.3-.2-2.9.8.8-2.8-.2-.3A7.8 7.8 0 1 1 12 19.7Zm4.3-5.8c-.2-.1-1.4-.7-1.6-.8-.2-.1-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6.4 6.4 0 0 1-3.2-2.8c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.7-1.7c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.7.3 2.8 2.8 0 0 0-.9 2.1 4.9 4.9 0 0 0 1 2.6 11.2 11.2 0 0 0 4.3 3.8c1.6.7 2.2.7 3 .6.5-.1 1.4-.6 1.6-1.1.2-.6.2-1 .1-1.1l-.4-.2Z" />
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4 4" />
    </svg>
  );
}

/** Three sliders: the filters. */
export function FiltersIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </svg>
  );
}
