import {
  Form,
  Link,
  useLocation,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { controlClass } from "~/components/ui/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  FLASHCARDS_PATH,
  type FlashcardView,
  filterChange,
  flashcardsHref,
  parseFlashcardView,
} from "~/lib/flashcard-view";
import {
  ALL_CATEGORIES,
  DEFAULT_CATEGORY,
  FLASHCARD_MESSAGES,
  type QuizDrafts,
} from "~/lib/flashcards";
import type { FlashcardScreen, ScreenActionData } from "~/lib/flashcard-screen";
import { DialogLink, useDialogOnThisPage } from "~/components/ui/dialog-link";
import { CardFormDialog, DeleteForm } from "./card-actions";
import { CardForm } from "./card-form";
import { CardList } from "./card-list";
import { ImportExport } from "./import-export";
import { QuizDraftsPanel } from "./quiz-drafts";
import { RetentionForm } from "./retention-form";
import { ReviewPanel, ReviewSummary } from "./review-panel";
import { StudyCard } from "./study-card";

/** The hero's buttons: Create New Card opens the dialog; Browse Categories goes to them. */
export function HeroActions({ screen }: { screen: FlashcardScreen }) {
  const create = useDialogOnThisPage();
  const view = screen.view;
  return (
    <div className="mt-5 flex flex-wrap gap-3">
      <DialogLink
        href={flashcardsHref(view, {}, { new: "1" })}
        onOpen={() => create.setOpen(true)}
        className={buttonClasses("primary", "md")}
      >
        Create New Card
      </DialogLink>
      <Link to="#categories" className={buttonClasses("secondary", "md")}>
        Browse Categories
      </Link>
      {create.open ? (
        <CardFormDialog
          open
          setOpen={create.setOpen}
          mode={{ kind: "create", createKey: screen.createKey }}
          categories={screen.categories.map((category) => category.name)}
          defaultCategory={view.category ?? DEFAULT_CATEGORY}
          action={flashcardsHref(view)}
        />
      ) : null}
    </div>
  );
}

/**
 * The category selector (default 'All'): a GET form, so it works with
 * JavaScript off (with its Show button); with JavaScript picking a category
 * shows it at once. Either way the deck starts again at its first card.
 */
function CategorySelect({ view, names }: { view: FlashcardView; names: string[] }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={FLASHCARDS_PATH}
      preventScrollReset
      className="flex items-end gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
      {view.mode === "review" ? <input type="hidden" name="mode" value="review" /> : null}
      {view.tab === "archived" ? <input type="hidden" name="tab" value="archived" /> : null}
      <div className="min-w-48">
        <label
          htmlFor="category-filter"
          className="mb-1.5 block text-sm font-medium text-slate-800"
        >
          Category
        </label>
        <select
          id="category-filter"
          name="category"
          key={view.category ?? ALL_CATEGORIES}
          defaultValue={view.category ?? ALL_CATEGORIES}
          className={controlClass}
        >
          <option value={ALL_CATEGORIES}>{ALL_CATEGORIES}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {/* With JavaScript the choice applies at once; without it this button applies it. */}
      <noscript>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </noscript>
    </Form>
  );
}

function ModeTabs({
  view,
  dueNow,
  newCount,
}: {
  view: FlashcardView;
  dueNow: number;
  newCount: number;
}) {
  const tab = (mode: FlashcardView["mode"], label: string) => (
    <Link
      to={flashcardsHref(view, { mode, card: 0, side: "question" })}
      preventScrollReset
      aria-current={view.mode === mode ? "page" : undefined}
      className={cn(
        "rounded-lg px-4 py-2 text-sm font-semibold",
        view.mode === mode ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-white",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Study modes" className="flex gap-1 rounded-xl bg-slate-100 p-1">
      {tab("browse", "Browse")}
      {tab("review", `Review due (${(dueNow + newCount).toLocaleString("en-IN")})`)}
    </nav>
  );
}

function Categories({ view, screen }: { view: FlashcardView; screen: FlashcardScreen }) {
  const all = screen.categories.reduce((sum, category) => sum + category.count, 0);
  const chip = (name: string | null, count: number) => (
    <li key={name ?? ALL_CATEGORIES}>
      <Link
        to={filterChange(view, { category: name, q: view.q })}
        preventScrollReset
        aria-current={view.category === name ? "page" : undefined}
        className={cn(
          "inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1",
          view.category === name
            ? "bg-brand-700 text-white ring-brand-700"
            : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50",
        )}
      >
        {name ?? ALL_CATEGORIES}
        <span className={view.category === name ? "text-brand-100" : "text-slate-600"}>
          {count.toLocaleString("en-IN")}
        </span>
      </Link>
    </li>
  );
  return (
    <section id="categories" aria-labelledby="categories-heading" className="scroll-mt-4 space-y-3">
      <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
        Categories
      </h2>
      {screen.categories.length === 0 ? (
        <p className="text-slate-600">Your categories appear here once you make cards.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {chip(null, all)}
          {screen.categories.map((category) => chip(category.name, category.count))}
        </ul>
      )}
    </section>
  );
}

function StepPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="step-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="step-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The steps that stand in for the dialogs without JavaScript (and for their addresses). */
function Steps({
  screen,
  actionData,
}: {
  screen: FlashcardScreen;
  actionData: ScreenActionData | null;
}) {
  const { view, step, target } = screen;
  const here = flashcardsHref(view);
  const names = screen.categories.map((category) => category.name);
  if (!step) return null;
  if (step.kind === "new") {
    return (
      <StepPanel title="Create New Card">
        <CardForm
          mode={{ kind: "create", createKey: screen.createKey }}
          categories={names}
          defaultCategory={view.category ?? DEFAULT_CATEGORY}
          action={flashcardsHref(
            view,
            {},
            step.newCategory ? { new: "1", newCategory: "1" } : { new: "1" },
          )}
          lastResult={actionData?.intent === "create" ? actionData.result : null}
          newCategoryLinks={{
            on: step.newCategory,
            newHref: flashcardsHref(view, {}, { new: "1", newCategory: "1" }),
            backHref: flashcardsHref(view, {}, { new: "1" }),
          }}
          inDialog={false}
          cancelHref={here}
        />
      </StepPanel>
    );
  }
  if (step.kind === "drafts") {
    return screen.drafts ? (
      <QuizDraftsPanel
        drafts={screen.drafts as QuizDrafts}
        action={flashcardsHref(view, {}, { fromAttempt: step.attemptId })}
        cancelHref={here}
        errors={actionData?.intent === "save-drafts" ? actionData.errors : null}
        values={actionData?.intent === "save-drafts" ? actionData.values : null}
      />
    ) : (
      <Notice>That quiz result was not found.</Notice>
    );
  }
  if (!target) return <Notice>{FLASHCARD_MESSAGES.notFound}</Notice>;
  if (step.kind === "edit") {
    const extra = { edit: target.id, ...(step.newCategory ? { newCategory: "1" } : {}) };
    return (
      <StepPanel title="Edit Card">
        <CardForm
          mode={{ kind: "edit", card: target }}
          categories={names}
          defaultCategory={target.category}
          action={flashcardsHref(view, {}, extra)}
          lastResult={
            actionData?.intent === "update" && actionData.id === target.id
              ? actionData.result
              : null
          }
          newCategoryLinks={{
            on: step.newCategory,
            newHref: flashcardsHref(view, {}, { edit: target.id, newCategory: "1" }),
            backHref: flashcardsHref(view, {}, { edit: target.id }),
          }}
          inDialog={false}
          cancelHref={here}
        />
      </StepPanel>
    );
  }
  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-6"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-slate-900">
        Delete Card
      </h2>
      <p className="mt-2 text-slate-700">
        Delete this card and its review history? This cannot be undone.
      </p>
      <p className="mt-3 whitespace-pre-wrap rounded-lg bg-white px-3 py-2 text-sm text-slate-800">
        {target.question}
      </p>
      <DeleteForm
        card={target}
        action={here}
        cancel={
          <Link to={here} preventScrollReset className={buttonClasses("secondary")}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      {children}
    </p>
  );
}

function EmptyDeck({ view, screen }: { view: FlashcardView; screen: FlashcardScreen }) {
  const filtered = Boolean(view.category || view.q);
  return (
    <section
      aria-labelledby="empty-heading"
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center"
    >
      <h2 id="empty-heading" className="text-lg font-semibold text-slate-900">
        {filtered ? "No cards here" : "No flashcards yet"}
      </h2>
      <p className="mt-2 text-slate-600">
        {filtered
          ? "No card in your deck matches this category and search."
          : screen.tabCounts.archived > 0
            ? "Every card is archived. Restore some from the Archived list, or make new ones."
            : "Make your first card with Create New Card, import a CSV file, or turn the questions you miss in a quiz into cards."}
      </p>
      {filtered ? (
        <Link
          to={filterChange(view, { category: null, q: "" })}
          className={buttonClasses("secondary", "md", "mt-5")}
        >
          Show all cards
        </Link>
      ) : (
        <Link to="#import-export" className={buttonClasses("secondary", "md", "mt-5")}>
          Import cards
        </Link>
      )}
    </section>
  );
}

/**
 * The signed-in flashcards screen: the category selector, the study
 * card (browse) or the review session, the categories, the card list, import
 * and export, and the study settings.
 */
export function FlashcardsScreen({
  screen,
  actionData,
}: {
  screen: FlashcardScreen;
  actionData: ScreenActionData | null;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const [params] = useSearchParams();
  // The study card follows the address even when moving inside the loaded window needed no request.
  const fromUrl = parseFlashcardView(params);
  const inWindow =
    fromUrl.card >= screen.deck.start &&
    fromUrl.card < screen.deck.start + screen.deck.cards.length;
  const view: FlashcardView = inWindow
    ? { ...screen.view, card: fromUrl.card, side: fromUrl.side }
    : screen.view;
  const current = screen.deck.cards[view.card - screen.deck.start] ?? null;
  const names = screen.categories.map((category) => category.name);
  const loading =
    navigation.state === "loading" && navigation.location.pathname === FLASHCARDS_PATH;
  const here = flashcardsHref(view);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      {screen.failed ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900"
        >
          <p className="font-semibold">{FLASHCARD_MESSAGES.loadFailed}</p>
          <Link to={here} className="mt-1 inline-block text-sm font-semibold underline">
            Try again
          </Link>
        </div>
      ) : null}
      <Steps screen={screen} actionData={actionData} />

      <div className="flex flex-wrap items-end justify-between gap-4">
        <CategorySelect view={view} names={names} />
        <ModeTabs view={view} dueNow={screen.counts.dueNow} newCount={screen.counts.newCount} />
      </div>
      <ReviewSummary counts={screen.counts} now={screen.now} />

      <div aria-busy={loading} className={cn("transition-opacity", loading && "opacity-60")}>
        {view.mode === "review" && screen.review ? (
          <ReviewPanel
            key={screen.review.card?.id ?? "none"}
            view={view}
            review={screen.review}
            counts={screen.counts}
            now={screen.now}
          />
        ) : current ? (
          <StudyCard
            // Any move (another card, a category, Next on a deck of one) shows the question again.
            key={`${current.id}-${view.side}-${location.key}`}
            view={view}
            card={current}
            total={screen.deck.total}
            categories={names}
          />
        ) : screen.failed ? null : (
          <EmptyDeck view={view} screen={screen} />
        )}
      </div>

      <Categories view={view} screen={screen} />
      <CardList
        view={view}
        cards={screen.list.cards}
        total={screen.list.total}
        pageCount={screen.list.pageCount}
        tabCounts={screen.tabCounts}
        categories={names}
        now={screen.now}
      />
      <ImportExport
        view={view}
        categories={names}
        preview={actionData?.intent === "import-preview" ? actionData.preview : null}
        error={actionData?.intent === "import" ? actionData.error : null}
      />
      <RetentionForm
        action={here}
        desiredRetention={screen.desiredRetention}
        lastResult={actionData?.intent === "settings" ? actionData.result : null}
      />
    </div>
  );
}
