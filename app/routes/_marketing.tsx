// §2 marketing layout: the landing page, with the way in for visitors.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "visitor", footer: true, narrow: false });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
