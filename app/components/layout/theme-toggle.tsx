import { useEffect, useState } from "react";
import { Icon, type IconName } from "~/components/icon/icon";
import { applyTheme, storedChoice, themeChangeEvent, themeStorageKey, type ThemeChoice } from "./theme";

const options: { value: ThemeChoice; label: string; icon: IconName }[] = [
  { value: "light", label: "Light theme", icon: "sun" },
  { value: "dark", label: "Dark theme", icon: "moon" },
  { value: "system", label: "System theme", icon: "half-circle" },
];

/**
 * Light, dark or the system's theme: three buttons, the current one pressed. In the header on
 * wide screens and in the menu on phones.
 */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>("system");
  useEffect(() => {
    setChoice(storedChoice());
    const onChange = () => setChoice(storedChoice());
    // A choice made in another tab applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === themeStorageKey) applyTheme(storedChoice());
    };
    window.addEventListener(themeChangeEvent, onChange);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(themeChangeEvent, onChange);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return (
    <div className="theme-toggle" role="group" aria-label="Colour theme">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          data-theme={option.value}
          aria-label={option.label}
          aria-pressed={choice === option.value}
          title={option.label}
          onClick={() => applyTheme(option.value)}
        >
          <Icon name={option.icon} />
        </button>
      ))}
    </div>
  );
}
