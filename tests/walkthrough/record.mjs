#!/usr/bin/env node
/**
 * Records the demo video on the home page: a walkthrough of the running app.
 * Serves the production build, takes captioned screenshots in Debian's Chromium
 * and joins them with Debian's ffmpeg into public/media/walkthrough.webm (VP9)
 * plus a poster image and English captions (WebVTT). Run again after the screens change:
 *
 *   npm run build && node tests/walkthrough/record.mjs
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");
const frames = path.join(root, ".wrangler", "walkthrough-frames");
const out = path.join(root, "public", "media");
const SECONDS_PER_SHOT = 3;

/** [path, caption, scroll position (0..1 of the page height), optional action] */
const SHOTS = [
  ["/", "Your AI clinical mentor, on any connection", 0],
  ["/", "Chat, quizzes, simulations and flashcards in one place", 0.25],
  ["/", "Plans from ₹499, with a free trial", 0.75],
  ["/features", "Eight ways to study smarter", 0],
  ["/features", "Clinical quizzes and patient simulations on any topic", 0.4],
  ["/plans", "Starter, Plus and Pro: pick what fits your year", 0],
  ["/support", "Answers to common questions", 0],
  ["/contact", "Talk to us: we reply within 24 hours", 0],
  ["/about", "Built for learners across India", 0],
];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up`);
}

const port = await freePort();
const server = spawn("npm", ["start"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    PERSIST_DIR: `.wrangler/walkthrough-state`,
    FRESH_STATE: "1",
    LOG_LEVEL: "error",
  },
  stdio: "ignore",
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGINT");
  } catch {
    // stopped
  }
};
process.on("exit", stop);

const base = `http://127.0.0.1:${port}`;
await waitFor(base);
rmSync(frames, { recursive: true, force: true });
mkdirSync(frames, { recursive: true });
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
let index = 0;
for (const [route, caption, scroll] of SHOTS) {
  await page.goto(base + route, { waitUntil: "networkidle" });
  await page.evaluate((fraction) => {
    window.scrollTo({
      top: (document.body.scrollHeight - window.innerHeight) * fraction,
      behavior: "instant",
    });
  }, scroll);
  await page.evaluate((text) => {
    document.getElementById("walkthrough-caption")?.remove();
    const bar = document.createElement("div");
    bar.id = "walkthrough-caption";
    bar.textContent = text;
    Object.assign(bar.style, {
      position: "fixed",
      left: "50%",
      bottom: "28px",
      transform: "translateX(-50%)",
      zIndex: "9999",
      background: "rgba(15, 23, 42, 0.88)",
      color: "white",
      font: "600 22px system-ui, sans-serif",
      padding: "12px 22px",
      borderRadius: "12px",
      boxShadow: "0 6px 24px rgba(0,0,0,.25)",
    });
    document.body.append(bar);
  }, caption);
  await page.screenshot({
    path: path.join(frames, `frame-${String(index++).padStart(2, "0")}.png`),
  });
}
await browser.close();
stop();

const video = path.join(out, "walkthrough.webm");
execFileSync("ffmpeg", [
  "-y",
  "-loglevel",
  "error",
  "-framerate",
  `1/${SECONDS_PER_SHOT}`,
  "-i",
  path.join(frames, "frame-%02d.png"),
  "-vf",
  "scale=960:540:flags=lanczos,fps=10,format=yuv420p",
  "-c:v",
  "libvpx-vp9",
  "-b:v",
  "0",
  "-crf",
  "42",
  "-deadline",
  "good",
  "-row-mt",
  "1",
  "-an",
  video,
]);
execFileSync("ffmpeg", [
  "-y",
  "-loglevel",
  "error",
  "-i",
  path.join(frames, "frame-00.png"),
  "-vf",
  "scale=960:540:flags=lanczos",
  "-quality",
  "70",
  path.join(out, "walkthrough-poster.webp"),
]);
// Captions for the video (the same words the frames carry), for screen-reader and muted viewing.
const stamp = (seconds) =>
  `00:${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}.000`;
const cues = SHOTS.map(
  ([, caption], i) =>
    `${i + 1}\n${stamp(i * SECONDS_PER_SHOT)} --> ${stamp((i + 1) * SECONDS_PER_SHOT)}\n${caption}`,
);
writeFileSync(path.join(out, "walkthrough.en.vtt"), `WEBVTT\n\n${cues.join("\n\n")}\n`);

console.log(
  `walkthrough.webm: ${(statSync(video).size / 1024).toFixed(0)} KB, ${SHOTS.length * SECONDS_PER_SHOT} s`,
);
console.log(
  `walkthrough-poster.webp: ${(statSync(path.join(out, "walkthrough-poster.webp")).size / 1024).toFixed(0)} KB`,
);
