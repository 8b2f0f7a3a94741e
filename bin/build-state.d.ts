/** True in a source checkout whose dist/ is missing or was built before its sources last changed. */
export function sourcesAreNewer(): boolean;
