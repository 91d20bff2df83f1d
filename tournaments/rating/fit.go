package rating

import (
	"errors"
	"math"
)

type fitter struct {
	prep     []prepared
	n, nSeat int
	prior    float64
}

func (f *fitter) dim() int { return f.n + f.nSeat }

// param maps a unit to its parameters: the player's rating, and its seat's
// advantage (seat 0 is the reference).
func (f *fitter) params(u unit) (int, int) {
	if f.nSeat > 0 && u.seat > 0 {
		return u.player, f.n + u.seat - 1
	}
	return u.player, -1
}

func (f *fitter) eta(u unit, theta []float64) float64 {
	p, s := f.params(u)
	if s >= 0 {
		return theta[p] + theta[s]
	}
	return theta[p]
}

// addGame adds one game's log-likelihood, gradient and (if hess is not
// nil) Hessian at theta, and returns the log-likelihood.
func (f *fitter) addGame(p prepared, theta, grad []float64, hess [][]float64) float64 {
	eta := make([]float64, len(p.units))
	for i, u := range p.units {
		eta[i] = f.eta(u, theta)
	}
	ll := 0.0
	d := make([]float64, len(p.units)) // d ll / d eta
	for i, c := range p.linear {
		ll += c * eta[i]
		d[i] += c
	}
	var h [][]float64
	if hess != nil {
		h = make([][]float64, len(p.units))
		for i := range h {
			h[i] = make([]float64, len(p.units))
		}
	}
	prob := make([]float64, len(p.units))
	for _, t := range p.terms {
		m := math.Inf(-1)
		for _, u := range t.units {
			m = math.Max(m, eta[u])
		}
		sum := 0.0
		for _, u := range t.units {
			prob[u] = math.Exp(eta[u] - m)
			sum += prob[u]
		}
		ll -= t.weight * (m + math.Log(sum))
		for _, u := range t.units {
			prob[u] /= sum
			d[u] -= t.weight * prob[u]
		}
		if h != nil {
			for _, a := range t.units {
				h[a][a] -= t.weight * prob[a]
				for _, b := range t.units {
					h[a][b] += t.weight * prob[a] * prob[b]
				}
			}
		}
	}
	for i, u := range p.units {
		pi, si := f.params(u)
		grad[pi] += d[i]
		if si >= 0 {
			grad[si] += d[i]
		}
	}
	if hess != nil {
		for i, ui := range p.units {
			pi, si := f.params(ui)
			for j, uj := range p.units {
				pj, sj := f.params(uj)
				v := h[i][j]
				hess[pi][pj] += v
				if sj >= 0 {
					hess[pi][sj] += v
				}
				if si >= 0 {
					hess[si][pj] += v
					if sj >= 0 {
						hess[si][sj] += v
					}
				}
			}
		}
	}
	return ll
}

// eval is the log-likelihood (with the prior), its gradient and, if asked,
// the information matrix (minus the Hessian).
func (f *fitter) eval(theta []float64, withInfo bool) (float64, []float64, [][]float64) {
	k := f.dim()
	grad := make([]float64, k)
	var hess [][]float64
	if withInfo {
		hess = make([][]float64, k)
		for i := range hess {
			hess[i] = make([]float64, k)
		}
	}
	ll := 0.0
	for _, p := range f.prep {
		ll += f.addGame(p, theta, grad, hess)
	}
	// The prior: each player draws f.prior virtual games against an
	// opponent rated 0.
	for i := range f.n {
		if f.prior == 0 {
			break
		}
		q := 1 / (1 + math.Exp(-theta[i])) // P(i beats a 0-rated opponent)
		ll += f.prior * (0.5*theta[i] - math.Log1p(math.Exp(theta[i])))
		grad[i] += f.prior * (0.5 - q)
		if hess != nil {
			hess[i][i] -= f.prior * q * (1 - q)
		}
	}
	if hess != nil {
		for i := range hess {
			for j := range hess[i] {
				hess[i][j] = -hess[i][j]
			}
		}
	}
	return ll, grad, hess
}

// maximise runs Newton's method with a backtracking line search.
func (f *fitter) maximise() ([]float64, int, error) {
	theta := make([]float64, f.dim())
	ll, _, _ := f.eval(theta, false)
	for iter := 1; iter <= 500; iter++ {
		_, grad, info := f.eval(theta, true)
		step := solve(regularise(info, f.n, f.prior > 0), grad)
		if step == nil {
			return nil, iter, errors.New("the rating fit is singular: some players are not connected by any game")
		}
		t := 1.0
		var next []float64
		var nll float64
		for range 60 {
			next = make([]float64, len(theta))
			for i := range theta {
				next[i] = theta[i] + t*step[i]
			}
			if f.prior == 0 {
				recentre(next, f.n)
			}
			nll, _, _ = f.eval(next, false)
			if nll >= ll-1e-12 {
				break
			}
			t /= 2
		}
		maxStep := 0.0
		for i := range theta {
			maxStep = math.Max(maxStep, math.Abs(next[i]-theta[i]))
		}
		theta, ll = next, nll
		if maxStep*EloPerNat < 1e-10 {
			return theta, iter, nil
		}
	}
	return theta, 500, nil
}

func recentre(theta []float64, n int) {
	m := 0.0
	for i := range n {
		m += theta[i]
	}
	m /= float64(n)
	for i := range n {
		theta[i] -= m
	}
}

// regularise adds the constant direction of the ratings to the information
// when there is no prior, so that it can be inverted (the likelihood does not
// change when every rating moves together).
func regularise(info [][]float64, n int, hasPrior bool) [][]float64 {
	out := make([][]float64, len(info))
	for i := range info {
		out[i] = append([]float64(nil), info[i]...)
		if !hasPrior && i < n {
			for j := range n {
				out[i][j] += 1 / float64(n)
			}
		}
	}
	return out
}

// pinv is the covariance: the inverse of the information, or without a
// prior its pseudo-inverse, for ratings centred on 0.
func pinv(info [][]float64, n int, hasPrior bool) [][]float64 {
	inv := invert(regularise(info, n, hasPrior))
	if inv == nil {
		k := len(info)
		inv = make([][]float64, k)
		for i := range inv {
			inv[i] = make([]float64, k)
		}
		return inv
	}
	if !hasPrior {
		for i := range n {
			for j := range n {
				inv[i][j] -= 1 / float64(n)
			}
		}
	}
	return inv
}

// centre turns a covariance of ratings into that of ratings centred on
// their mean.
func centre(c [][]float64, n int) [][]float64 {
	k := len(c)
	p := make([][]float64, k)
	for i := range p {
		p[i] = make([]float64, k)
		p[i][i] = 1
		if i < n {
			for j := range n {
				p[i][j] -= 1 / float64(n)
			}
		}
	}
	return mul(mul(p, c), transpose(p))
}

func transpose(a [][]float64) [][]float64 {
	out := make([][]float64, len(a[0]))
	for i := range out {
		out[i] = make([]float64, len(a))
		for j := range a {
			out[i][j] = a[j][i]
		}
	}
	return out
}

func mul(a, b [][]float64) [][]float64 {
	out := make([][]float64, len(a))
	for i := range a {
		out[i] = make([]float64, len(b[0]))
		for k := range b {
			if a[i][k] == 0 {
				continue
			}
			for j := range b[0] {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

// invert inverts a small matrix by Gauss–Jordan elimination with partial
// pivoting; nil if it is singular.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[piv][c]) {
				piv = r
			}
		}
		if math.Abs(m[piv][c]) < 1e-300 {
			return nil
		}
		m[c], m[piv] = m[piv], m[c]
		d := m[c][c]
		for j := range m[c] {
			m[c][j] /= d
		}
		for r := range n {
			if r == c || m[r][c] == 0 {
				continue
			}
			x := m[r][c]
			for j := range m[r] {
				m[r][j] -= x * m[c][j]
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = m[i][n:]
	}
	return out
}

func solve(a [][]float64, b []float64) []float64 {
	inv := invert(a)
	if inv == nil {
		return nil
	}
	out := make([]float64, len(b))
	for i := range inv {
		for j := range b {
			out[i] += inv[i][j] * b[j]
		}
	}
	return out
}
