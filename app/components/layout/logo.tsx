import { SITE } from "~/lib/site";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect
          width="32"
          height="32"
          rx="8"
          className={inverted ? "fill-white" : "fill-brand-700"}
        />
        <path
          d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z"
          className={inverted ? "fill-brand-700" : "fill-white"}
        />
      </svg>
      <span
        className={`text-lg font-bold tracking-tight ${inverted ? "text-white" : "text-slate-900"}`}
      >
        {SITE.name}
      </span>
    </span>
  );
}
