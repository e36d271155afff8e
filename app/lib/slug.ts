/** "Renal physiology" → "renal-physiology": lower case, every run of other characters one hyphen. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** The id of a subject's topics on the progress page and in the practice builder. */
export function topicsAnchor(subject: string): string {
  return `topics-${slug(subject)}`;
}
