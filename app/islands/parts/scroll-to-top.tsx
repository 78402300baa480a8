import { ScrollToTopButton } from "~/components/layout/scroll-to-top";

export default function ScrollToTopIsland() {
  return <ScrollToTopButton />;
}
