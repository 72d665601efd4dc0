/** 8-neighbourhood offsets: the 4 orthogonal neighbours first (k < 4), then the diagonals. */
export const NEIGHBOUR_DX = Int8Array.of(1, -1, 0, 0, 1, -1, 1, -1);
export const NEIGHBOUR_DY = Int8Array.of(0, 0, 1, -1, 1, 1, -1, -1);
export const NEIGHBOUR_COST = Float64Array.of(1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2);
