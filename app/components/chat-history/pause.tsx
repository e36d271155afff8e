/** A comma for screen readers between pieces that only the layout separates. */
export function Pause() {
  return <span className="sr-only">, </span>;
}
