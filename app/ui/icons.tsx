import { createElement, type ReactElement, type SVGProps } from "react";
import type { IconName } from "~/content/icon-names";

type IconProps = SVGProps<SVGSVGElement>;

/**
 * Inline stroke icons (no icon font, no CDN), decorative unless given a title by the caller. Every
 * icon draws its shapes (`path`, `circle`, `rect` below) in the same 24×24 frame; `frame` changes
 * that frame's look for one icon (a filled star), and the caller's props (className, a title) come last.
 */
function icon(shapes: ReactElement[], frame?: IconProps) {
  return function Icon(props: IconProps) {
    const attributes: IconProps = {
      "aria-hidden": "true",
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: "2",
      strokeLinecap: "round",
      strokeLinejoin: "round",
      ...frame,
      ...props,
    };
    // The shapes as the svg's own children (not one array), so React asks no keys of them.
    return createElement("svg", attributes, ...shapes);
  };
}

const path = (d: string) => <path d={d} />;
const circle = (cx: number, cy: number, r: number) => <circle cx={cx} cy={cy} r={r} />;
const rect = (x: number, y: number, width: number, height: number, rx: number) => (
  <rect x={x} y={y} width={width} height={height} rx={rx} />
);

export const PhoneIcon = icon([
  path(
    "M22 16.92v3a2 2 0 0 1-2.18 2 19.8 19.8 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.18 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.1 9.9a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.9.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z",
  ),
]);
export const MenuIcon = icon([path("M4 6h16M4 12h16M4 18h16")]);
export const EyeIcon = icon([path("M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"), circle(12, 12, 3)]);
export const EyeOffIcon = icon([
  path("M9.9 4.24A9.1 9.1 0 0 1 12 4c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.16 3.19M14.12 14.12a3 3 0 1 1-4.24-4.24"),
  path("M17.94 17.94A10.1 10.1 0 0 1 12 20c-6.5 0-10-7-10-7a17.9 17.9 0 0 1 5.06-5.94M2 2l20 20"),
]);
export const LockIcon = icon([rect(3, 11, 18, 11, 2), path("M7 11V7a5 5 0 0 1 10 0v4")]);
export const LogOutIcon = icon([path("M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9")]);
export const RefreshIcon = icon([
  path("M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M3 21v-5h5"),
]);
export const MapPinIcon = icon([path("M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z"), circle(12, 10, 3)]);
export const ClockIcon = icon([circle(12, 12, 10), path("M12 6v6l4 2")]);
export const WrenchIcon = icon([
  path(
    "M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z",
  ),
]);
export const StarIcon = icon(
  [path("m12 2 3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z")],
  { fill: "currentColor", strokeWidth: "1" },
);
export const CheckIcon = icon([path("M20 6 9 17l-5-5")]);
export const ShieldIcon = icon([path("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z")]);
export const CarIcon = icon([
  path("M19 17h2v-5l-2.5-5.5A2 2 0 0 0 16.7 5H7.3a2 2 0 0 0-1.8 1.5L3 12v5h2"),
  circle(7.5, 17.5, 2.5),
  circle(16.5, 17.5, 2.5),
  path("M10 17.5h4M3 12h18"),
]);
export const MailIcon = icon([rect(2, 4, 20, 16, 2), path("m22 6-10 7L2 6")]);
export const UsersIcon = icon([
  path("M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2"),
  circle(9, 7, 4),
  path("M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75"),
]);
export const CalendarIcon = icon([rect(3, 4, 18, 18, 2), path("M16 2v4M8 2v4M3 10h18")]);
export const DollarIcon = icon([path("M12 1v22M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6")]);
export const ZapIcon = icon([path("M13 2 3 14h9l-1 8 10-12h-9l1-8z")]);
export const AlertIcon = icon([
  path("M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z"),
  path("M12 9v4M12 17h.01"),
]);
export const ArrowRightIcon = icon([path("M5 12h14M12 5l7 7-7 7")]);
export const TruckIcon = icon([
  path("M1 3h15v13H1zM16 8h4l3 3v5h-7V8z"),
  circle(5.5, 18.5, 2.5),
  circle(18.5, 18.5, 2.5),
]);
export const DropletIcon = icon([path("M12 2.7s-6.5 7.1-6.5 11.8a6.5 6.5 0 0 0 13 0C18.5 9.8 12 2.7 12 2.7z")]);
export const DiscIcon = icon([circle(12, 12, 10), circle(12, 12, 3), path("M12 2v3M12 19v3M2 12h3M19 12h3")]);
export const GaugeIcon = icon([path("M3.3 17a10 10 0 1 1 17.4 0"), path("m12 14 4-5"), circle(12, 14, 1.5)]);
export const BatteryIcon = icon([rect(2, 7, 18, 12, 2), path("M6 4v3M16 4v3M6 13h4M8 11v4M14 13h3")]);
export const CogIcon = icon([
  circle(12, 12, 3),
  path(
    "M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  ),
]);
export const ActivityIcon = icon([path("M22 12h-4l-3 9L9 3l-3 9H2")]);
export const HeartIcon = icon([
  path(
    "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21.3l7.8-7.8 1-1.1a5.5 5.5 0 0 0 0-7.8z",
  ),
]);
export const AwardIcon = icon([circle(12, 8, 6), path("M15.5 13.2 17 22l-5-3-5 3 1.5-8.8")]);
export const HomeIcon = icon([path("m3 9 9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"), path("M9 22V12h6v10")]);
export const CoffeeIcon = icon([
  path("M17 8h1a4 4 0 0 1 0 8h-1M3 8h14v9a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4zM6 2v2M10 2v2M14 2v2"),
]);
export const MonitorIcon = icon([rect(2, 3, 20, 14, 2), path("M8 21h8M12 17v4")]);
export const SparklesIcon = icon([
  path("M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z"),
  path("M19 15v4M17 17h4M5 3v3M3.5 4.5h3"),
]);
export const ClipboardIcon = icon([
  rect(8, 2, 8, 4, 1),
  path("M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 12h6M9 16h4"),
]);
export const ThumbsUpIcon = icon([
  path(
    "M7 10v12M15 5.9 14 10h5.8a2 2 0 0 1 1.9 2.6l-2.3 7A2 2 0 0 1 17.5 21H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9z",
  ),
]);
export const ChevronRightIcon = icon([path("m9 18 6-6-6-6")]);
export const QuoteIcon = icon(
  [
    path(
      "M3 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2H4c-1.25 0-2 .75-2 1.97V11c0 1.25.75 2 2 2 1 0 1 0 1 1v1c0 1-1 2-2 2s-1 .01-1 1.03V20c0 1 0 1 1 1zM15 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2h-4c-1.25 0-2 .75-2 1.97V11c0 1.25.75 2 2 2h.75c0 2.25.25 4-2.75 4v3c0 1 0 1 1 1z",
    ),
  ],
  { fill: "currentColor", stroke: "none" },
);

// Content names its pictures (app/content/icon-names.ts); pages draw them with this map.
export const iconsByName = {
  activity: ActivityIcon,
  award: AwardIcon,
  battery: BatteryIcon,
  calendar: CalendarIcon,
  car: CarIcon,
  clipboard: ClipboardIcon,
  clock: ClockIcon,
  coffee: CoffeeIcon,
  cog: CogIcon,
  disc: DiscIcon,
  dollar: DollarIcon,
  droplet: DropletIcon,
  gauge: GaugeIcon,
  heart: HeartIcon,
  home: HomeIcon,
  monitor: MonitorIcon,
  shield: ShieldIcon,
  sparkles: SparklesIcon,
  thumbsUp: ThumbsUpIcon,
  truck: TruckIcon,
  users: UsersIcon,
  wrench: WrenchIcon,
  zap: ZapIcon,
} as const satisfies Record<IconName, (props: IconProps) => ReactElement>;
