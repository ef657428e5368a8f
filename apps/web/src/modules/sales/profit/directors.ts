/** The director picker's options from the sales teams: one per director, with the teams each leads. */
export interface TeamLike {
  name: string;
  directorId: number | null;
  directorName: string | null;
}

export interface DirectorOption {
  directorId: number;
  directorName: string;
  teams: string[];
}

export function directorOptions(teams: readonly TeamLike[]): DirectorOption[] {
  const byId = new Map<number, DirectorOption>();
  for (const team of teams) {
    if (team.directorId === null) continue;
    const entry = byId.get(team.directorId) ?? {
      directorId: team.directorId,
      directorName: team.directorName ?? `#${team.directorId}`,
      teams: [],
    };
    entry.teams.push(team.name);
    byId.set(team.directorId, entry);
  }
  return [...byId.values()]
    .map((d) => ({ ...d, teams: [...d.teams].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => a.directorName.localeCompare(b.directorName));
}
