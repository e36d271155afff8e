import { cn } from "~/lib/cn";

/** Hand-drawn 24×24 line icons; decorative, so hidden from assistive technology. */
const PATHS = {
  chat: "M4 5h16v11H10l-4 4v-4H4z M8 9h8 M8 12h5",
  pulse: "M3 12h4l2-5 4 10 2-5h6",
  checklist: "M10 6h10 M10 12h10 M10 18h10 M4 6l1.5 1.5L8 5 M4 12l1.5 1.5L8 11 M4 18l1.5 1.5L8 17",
  cards: "M8 4h12v13H8z M5 7v13h12",
  calendar: "M4 6h16v14H4z M4 10h16 M8 3v5 M16 3v5 M8 14h3",
  document: "M6 3h9l4 4v14H6z M14 3v5h5 M9 12h7 M9 16h7",
  compass: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M15.5 8.5l-2 5-5 2 2-5z",
  cap: "M2 9l10-5 10 5-10 5z M6 11v5c3 2 9 2 12 0v-5 M22 9v5",
  play: "M8 5v14l11-7z",
  check: "M5 12.5l4 4L19 7",
  close: "M6 6l12 12 M18 6L6 18",
  lock: "M6 11h12v9H6z M9 11V8a3 3 0 0 1 6 0v3",
  mail: "M3 6h18v12H3z M3 7l9 6 9-6",
  phone:
    "M6 3h4l2 5-2.5 1.5a11 11 0 0 0 5 5L16 12l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2z",
  pin: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z M12 7.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const filled = name === "play" || name === "star";
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={cn("size-6 shrink-0", className)}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
