// Package referee holds the vocabulary shared by every part of the referee:
// seats, moves, results, faults, game options, the event log with per-seat
// redaction, and the Rules and Game interfaces that every rules engine
// implements.
//
// Rules engines are pure: no I/O, no clocks, no global state. All randomness
// comes from the *rand.Rand handed to Rules.New, so a game is reproducible
// from its seed and its moves.
package referee
