import { describe, expect, it } from "vitest";
import {
  filterChange,
  flashcardsHref,
  parseFlashcardStep,
  parseFlashcardView,
  randomIndex,
  wrapIndex,
} from "./flashcard-view";

const view = (search: string) => parseFlashcardView(new URLSearchParams(search));

describe("the flashcards address", () => {
  it("reads and writes the view, dropping defaults and bad values", () => {
    const parsed = view(
      "category=All&card=-3&page=x&side=answer&mode=review&tab=archived&q=  a   b ",
    );
    expect(parsed).toEqual({
      category: null,
      q: "a b",
      tab: "archived",
      page: 1,
      card: 0,
      side: "answer",
      mode: "review",
    });
    expect(flashcardsHref(parsed)).toBe("/flashcards?q=a+b&mode=review&side=answer&tab=archived");
    expect(flashcardsHref(view(""))).toBe("/flashcards");
  });

  it("starts the deck again on a category change", () => {
    const here = view("category=Renal&card=7&side=answer&page=3");
    expect(filterChange(here, { category: "Cardiology", q: "" })).toBe(
      "/flashcards?category=Cardiology",
    );
  });

  it("reads the steps that stand in for dialogs", () => {
    const id = "5eed0000-0000-4000-8000-000000000101";
    const step = (search: string) => parseFlashcardStep(new URLSearchParams(search));
    expect(step("new=1&newCategory=1")).toEqual({ kind: "new", newCategory: true });
    expect(step(`edit=${id}`)).toEqual({ kind: "edit", id, newCategory: false });
    expect(step(`confirm=delete&target=${id}`)).toEqual({ kind: "delete", id });
    expect(step("edit=nope")).toBeNull();
  });

  it("wraps around and picks another card at random", () => {
    expect([wrapIndex(-1, 5), wrapIndex(5, 5), wrapIndex(2, 5), wrapIndex(3, 0)]).toEqual([
      4, 0, 2, 0,
    ]);
    expect(randomIndex(2, 5, () => 0.99)).toBe(4);
    expect(randomIndex(2, 5, () => 0.5)).toBe(3);
    expect(randomIndex(2, 5, () => 0)).toBe(0);
    expect(randomIndex(0, 1, () => 0.7)).toBe(0);
    for (let n = 0; n < 50; n += 1) expect(randomIndex(3, 4)).not.toBe(3);
  });
});
