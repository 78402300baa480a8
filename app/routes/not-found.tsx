import { Link } from "react-router";

export const meta = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return (
    <section className="container py-5">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <Link to="/">Go to the home page</Link>
    </section>
  );
}
