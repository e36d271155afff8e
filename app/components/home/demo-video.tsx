/** The product walkthrough shown by "Watch demo", with or without JavaScript. */
export const DEMO_VIDEO = {
  /** Target of the Watch demo link; the no-JavaScript overlay opens on this fragment. */
  anchorId: "demo-video",
  triggerId: "watch-demo",
  title: "A quick tour of MedMentor",
  description:
    "A short tour of MedMentor: what the mentor does, the eight study tools, the plans and free trial, and where to find help.",
  src: "/media/walkthrough.webm",
  poster: "/media/walkthrough-poster.webp",
  captions: "/media/walkthrough.en.vtt",
} as const;

/** The video itself: nothing downloads until the learner presses play. */
export function DemoVideoPlayer({ describedBy }: { describedBy?: string }) {
  return (
    <video
      controls
      preload="none"
      src={DEMO_VIDEO.src}
      poster={DEMO_VIDEO.poster}
      aria-describedby={describedBy}
      className="aspect-video w-full rounded-lg bg-slate-900"
    >
      <track kind="captions" src={DEMO_VIDEO.captions} srcLang="en" label="English" />
      <p className="p-4 text-white">
        Your browser cannot play this video here.{" "}
        <a href={DEMO_VIDEO.src} className="underline">
          Download the walkthrough (WebM)
        </a>
        .
      </p>
    </video>
  );
}
