import { Link } from "@remix-run/react";

/** A finished page's one way on: the primary button to My page. */
export function MyPageButton({ children = "マイページへ" }: { children?: string }) {
  return (
    <p>
      <Link to="/mypage" className="button button-primary">
        {children}
      </Link>
    </p>
  );
}
