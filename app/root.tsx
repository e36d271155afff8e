import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Footer } from "./components/layout/footer";
import { NavBar } from "./components/layout/nav-bar";
import { AdminBar, usePageChrome } from "./components/layout/page-chrome";
import { useNonce } from "./components/nonce";
import { NoScriptToast, Toaster } from "./components/ui/toaster";
import { SITE } from "./lib/site";
import { ANONYMOUS } from "./lib/viewer";
import { getToast } from "./http/toast.server";
import { getViewer } from "./models/viewer.server";
import tailwindHref from "./styles/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwindHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: `${SITE.name} · ${SITE.tagline}` },
  {
    name: "description",
    content:
      "An AI clinical mentor and study companion for medical, nursing, dental and psychology learners: mentor chat, clinical quizzes, patient simulations and flashcards.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [viewer, { toast, headers }] = await Promise.all([
    getViewer(request, context),
    getToast(request, context.env),
  ]);
  return data({ viewer, toast, isLocal: context.env.isLocal }, { headers: headers ?? undefined });
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRootData();
  const viewer = rootData?.viewer ?? ANONYMOUS;
  const chrome = usePageChrome();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {chrome === "admin" ? <AdminBar /> : <NavBar viewer={viewer} />}
        <NoScriptToast toast={rootData?.toast ?? null} />
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
        {chrome === "admin" ? null : <Footer />}
        <Toaster serverToast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
