import { Icon } from "~/components/home/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Plan, PlanId } from "~/lib/plans";
import { PlanCardBody } from "./plan-card-body";

/**
 * A plan card that is one option of the plan radio group. Its label stretches
 * over the whole card, so clicking anywhere on the card (or its button)
 * chooses the plan, with or without JavaScript; arrow keys move between plans.
 * The chosen look comes from CSS (:checked), so it is right before hydration too.
 */
export function PlanOption({
  plan,
  checked,
  onSelect,
}: {
  plan: Plan;
  checked: boolean;
  onSelect: (planId: PlanId) => void;
}) {
  const id = `plan-option-${plan.id}`;
  return (
    <li
      className={cn(
        "group relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow sm:p-8",
        plan.mostPopular ? "border-brand-500" : "border-slate-200",
        "hover:shadow-md has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-700",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-brand-600",
      )}
      data-testid={`plan-${plan.id}`}
    >
      <PlanCardBody plan={plan} />
      <input
        type="radio"
        id={id}
        name="planId"
        value={plan.id}
        checked={checked}
        onChange={() => onSelect(plan.id)}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClasses("secondary", "lg", "mt-8 w-full cursor-pointer"),
          "group-has-[:checked]:border-brand-700 group-has-[:checked]:bg-brand-700 group-has-[:checked]:text-white group-has-[:checked]:hover:bg-brand-800",
          // The label's box covers the card: the whole card is the click target.
          "after:absolute after:inset-0 after:rounded-2xl after:content-['']",
        )}
      >
        <span className="group-has-[:checked]:hidden">Choose {plan.name}</span>
        <span className="hidden items-center gap-2 group-has-[:checked]:inline-flex">
          <Icon name="check" className="size-5" />
          {plan.name} selected
        </span>
      </label>
    </li>
  );
}
