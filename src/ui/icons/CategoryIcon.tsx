/** Pictograms for the nine kinds of property (product 2.1.2). Decorative: tiles carry the text. */
const PATHS: Record<string, string> = {
  wohnung:
    'M8 44V14h32v30M8 44h32M14 20h6v6h-6zM28 20h6v6h-6zM14 32h6v6h-6zM28 32h6v6h-6zM4 14h40L24 4z',
  haus: 'M6 24L24 8l18 16M11 20v22h26V20M20 42V30h8v12',
  mehrfamilienhaus:
    'M4 44V16l12-8 12 8v28M28 44V22h16v22M4 44h40M9 20h4v4H9zM19 20h4v4h-4zM9 30h4v4H9zM19 30h4v4h-4zM33 28h6v4h-6zM33 36h6v4h-6z',
  grundstueck: 'M4 38l10-20h20l10 20zM14 18l-4 20M34 18l4 20M24 18v20M8 30h32',
  buero_praxis:
    'M10 44V6h28v38M6 44h36M16 12h6v6h-6zM26 12h6v6h-6zM16 24h6v6h-6zM26 24h6v6h-6zM21 44v-8h6v8',
  einzelhandel:
    'M6 18l4-10h28l4 10zM6 18h36v4a6 6 0 01-12 0 6 6 0 01-12 0 6 6 0 01-12 0zM9 26v18h30V26M18 44V32h12v12',
  gastgewerbe: 'M14 6v14a4 4 0 008 0V6M18 6v38M32 6c-4 4-4 14 0 16v22M32 6v38',
  hallen_lager: 'M4 44V18L24 8l20 10v26M4 44h40M12 44V26h24v18M12 32h24M12 38h24',
  gewerbe: 'M4 44V22l10-6v6l10-6v6l10-6v28M4 44h40M34 44V8h6v36',
};

export function CategoryIcon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name] ?? PATHS.gewerbe}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
