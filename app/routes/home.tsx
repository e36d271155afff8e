import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { DemoChatSection } from "~/components/home/demo-chat";
import { FeatureGrid } from "~/components/home/feature-grid";
import { Hero } from "~/components/home/hero";
import { PaymentReturnNotice } from "~/components/home/payment-return";
import { PlanTeaser } from "~/components/home/plan-teaser";
import { TodaysPlanSection } from "~/components/planner/todays-plan";
import { Testimonials } from "~/components/home/testimonials";
import { paymentReturn } from "~/lib/access-refresh";
import { MAX_MESSAGE_LENGTH, newChatSessionId } from "~/lib/chat-session";
import { SITE } from "~/lib/site";
import { ANONYMOUS } from "~/lib/viewer";
import { subscriptionAfterPayment } from "~/models/access.server";
import { getAuth } from "~/models/auth.server";
import { usageDeps } from "~/models/usage.server";
import type { loader as rootLoader } from "~/root";
import { freshForEachLoad } from "~/models/page-copy.server";

export const meta: MetaFunction = () => [
  { title: `${SITE.tagline} · ${SITE.name}` },
  {
    name: "description",
    content:
      "MedMentor is an AI clinical mentor for Indian medical, dental, nursing and psychology learners: mentor chat, clinical quizzes, patient simulations and flashcards, with plans from ₹499.",
  },
];

/**
 * The viewer comes from the root loader. Only right after a payment (payment
 * and plan ids in the address, or arriving from the payment-success or plans
 * page) does the home page read the subscription afresh. The demo chat's
 * conversation of this visit gets its id here (taken with its first message).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const demoChat = {
    sessionId: freshForEachLoad(context.pageCopy, newChatSessionId),
    maxLength: MAX_MESSAGE_LENGTH,
  };
  const returned = paymentReturn(new URL(request.url), request.headers.get("Referer"));
  if (!returned) return { afterPayment: null, demoChat };
  const auth = await getAuth(request, context);
  if (!auth) return { afterPayment: null, demoChat };
  const status = await subscriptionAfterPayment(
    usageDeps(context),
    auth.user.id,
    returned.paymentId,
  );
  return {
    afterPayment: {
      ...status,
      justActivated: status.justActivated && !returned.confirmedAlready,
      expectingPayment: returned.paymentId !== null,
    },
    demoChat,
  };
}

export default function Home() {
  const { demoChat } = useLoaderData<typeof loader>();
  const afterPayment = useAfterPayment();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? ANONYMOUS;
  const signedIn = viewer.status === "authenticated";
  return (
    <>
      {afterPayment ? (
        <PaymentReturnNotice key={afterPayment.key} status={afterPayment.status} viewer={viewer} />
      ) : null}
      {viewer.status === "authenticated" && viewer.todayPlan ? (
        <TodaysPlanSection plan={viewer.todayPlan} />
      ) : null}
      <Hero signedIn={signedIn} />
      <DemoChatSection viewer={viewer} chat={demoChat} />
      <FeatureGrid signedIn={signedIn} />
      <Testimonials />
      <PlanTeaser signedIn={signedIn} />
    </>
  );
}

/**
 * The after-payment status of this visit. Later reloads of the data (the quick
 * refresh) no longer come from the payment page, so the first answer is kept
 * until the next navigation, and replaced by any newer one.
 */
function useAfterPayment() {
  const { afterPayment } = useLoaderData<typeof loader>();
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, status: afterPayment });
  if (kept.key !== key || (afterPayment && afterPayment !== kept.status)) {
    setKept({ key, status: afterPayment });
  }
  return kept.status ? { key: kept.key, status: kept.status } : null;
}
