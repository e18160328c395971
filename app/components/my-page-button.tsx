import { Link } from "@remix-run/react";

export function MyPageButton({ children = "マイページへ" }: { children?: string }) {
  return (
    <p>
      <Link to="/mypage" className="button button-primary">
        {children}
      </Link>
    </p>
  );
}
