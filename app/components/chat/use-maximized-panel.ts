/**
 * The chat's maximize toggle: the button, Ctrl/Cmd+M from anywhere on the
 * page, and Escape to leave it. The page behind a maximized chat does not
 * scroll.
 */
import { useCallback, useEffect, useState } from "react";

export function useMaximizedPanel() {
  const [maximized, setMaximized] = useState(false);

  const toggleMaximized = useCallback(() => setMaximized((value) => !value), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === "m"
      ) {
        event.preventDefault();
        toggleMaximized();
      } else if (event.key === "Escape" && maximized) {
        setMaximized(false);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [maximized, toggleMaximized]);

  useEffect(() => {
    if (!maximized) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [maximized]);

  return { maximized, toggleMaximized };
}
