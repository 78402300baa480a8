/** A stylised world map with our delivery hubs. Decorative: hidden from assistive technology. */
export function WorldMap() {
  return (
    <svg className="world-map" viewBox="0 0 1000 500" width="1000" height="500" aria-hidden="true" focusable="false">
      <g fill="rgba(255,255,255,0.22)">
        <path d="M90 70 300 50l30 70-70 70-40 70-60-30-50-70z" />
        <path d="m230 270 70 10 20 50-40 120-30-10-10-80z" />
        <path d="m450 80 90-10 20 50-60 30-40-10z" />
        <path d="M450 170h110l40 80-40 130-50 10-40-100-30-60z" />
        <path d="M560 60h290l50 70-80 70-80 30-80-30-80-50z" />
        <path d="m780 330 100-10 20 70-80 20-40-30z" />
      </g>
      <g fill="#7fd1ff">
        <circle cx="180" cy="150" r="9" />
        <circle cx="500" cy="110" r="9" />
        <circle cx="690" cy="190" r="9" />
        <circle cx="840" cy="370" r="9" />
      </g>
    </svg>
  );
}
