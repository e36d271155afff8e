/**
 * The Markdown renderer as the browser fetches it on its own (mentor-text.tsx);
 * the server imports markdown.tsx directly.
 */
export { MentorMarkdown as default } from "./markdown";
