// §2 entry layout: the application wizard, with the account navigation and the step indicator.

import type { LinksFunction } from "@remix-run/node";
import { Outlet, useLocation, useMatches } from "@remix-run/react";
import { type FrameOptions, FrameErrorBoundary, PageFrame } from "~/components/page-frame";
import { PropagatedNotices } from "~/components/notices";
import { StepIndicator } from "~/components/step-indicator";
import { ENTRY_STEPS, ENTRY_STEP_PATHS, type EntryStepName, stepOfPath } from "~/domain/entry-steps";
import financialStyles from "~/styles/financial-step.css";
import invoiceStyles from "~/styles/invoice-step.css";

// Every step's stylesheet, here rather than on each step: moving from step to step in the browser
// then waits for no stylesheet (decision 0015; together ≈2 KB gzip, cached after the first page).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: financialStyles },
  { rel: "stylesheet", href: invoiceStyles },
];

const frame: FrameOptions = { navigation: "account", footer: true, narrow: true };

const DETECTED: Record<string, EntryStepName> = {
  invoice: "submitInvoices",
  financial: "submitFinancialStatements",
  withdrawal: "submitWithdrawalsDetail",
};

/** The step of a wizard page: §2 step detection by path, or the page's own path. */
function currentStep(pathname: string): EntryStepName | null {
  const detected = stepOfPath(pathname);
  if (detected) return DETECTED[detected]!;
  return ENTRY_STEPS.find((step) => ENTRY_STEP_PATHS[step] === pathname.replace(/\/$/, "")) ?? null;
}

/** The owner's business type, as each step's loader tells it (`division`): the steps' names follow it. */
function useDivision(): unknown {
  const matches = useMatches();
  const data = matches.map((match) => match.data as { division?: unknown } | null | undefined);
  return data.find((value) => value?.division !== undefined)?.division;
}

export default function EntryLayout() {
  const location = useLocation();
  const step = currentStep(location.pathname);
  const division = useDivision();
  return (
    <PageFrame options={frame}>
      {step ? <StepIndicator current={step} division={division} /> : null}
      {/* Every wizard page: e.g. why the entry-step guard sent the user here. */}
      <PropagatedNotices />
      <Outlet />
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <FrameErrorBoundary options={frame} />;
}
