// §2 anonymous layout: login, registration and other pages for visitors.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: true, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
