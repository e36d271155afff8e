const PATHS = {
  trash: "M9 3h6m-9 3h12m-1.5 0-.7 12.1A2 2 0 0 1 13.8 20h-3.6a2 2 0 0 1-2-1.9L7.5 6m3 4v6m3-6v6",
  search: "m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Z",
  back: "M15 18l-6-6 6-6",
  chat: "M7 8h10M7 12h6m-9 8 3.5-3H19a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h-1Z",
  pencil: "m15.2 5.2 3.6 3.6M4 20l4.5-1 10.3-10.3a2.5 2.5 0 0 0-3.5-3.5L5 15.5 4 20Z",
} as const;

/** Small line icons; always decorative (the control carries the name). */
export function Icon({
  name,
  className = "size-5",
}: {
  name: keyof typeof PATHS;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
