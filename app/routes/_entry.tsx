// §2 entry layout: the application wizard, with the account navigation and the step indicator.

import { Outlet, useLocation } from "@remix-run/react";
import { type FrameOptions, FrameErrorBoundary, PageFrame } from "~/components/page-frame";
import { PropagatedNotices } from "~/components/notices";
import { StepIndicator } from "~/components/step-indicator";
import { ENTRY_STEPS, ENTRY_STEP_PATHS, type EntryStepName, stepOfPath } from "~/domain/entry-steps";

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

export default function EntryLayout() {
  const location = useLocation();
  const step = currentStep(location.pathname);
  return (
    <PageFrame options={frame}>
      {step ? <StepIndicator current={step} /> : null}
      {/* Every wizard page: e.g. why the entry-step guard sent the user here (issue 15). */}
      <PropagatedNotices />
      <Outlet />
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <FrameErrorBoundary options={frame} />;
}
