/**
 * Whose PIN the login screen asks for: the operator picked on the list while they are still on it, else
 * the only operator when there is one, else nobody (the list is shown). Derived at each render, never
 * kept: when the list grows (a manager added a cashier, the login screen learns it), the screen stops
 * asking for the former only operator's PIN, so a cashier never types theirs into the manager's (#41).
 */
export function chosenOperator(operators: readonly { readonly name: string }[], picked: string | null): string | null {
  if (picked !== null && operators.some((o) => o.name === picked)) return picked;
  return operators.length === 1 ? (operators[0]?.name ?? null) : null;
}
