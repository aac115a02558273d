// Least-squares polynomial smoothing (see polyfit.hpp).
#include "polyfit.hpp"

#include <cmath>

namespace autobench::detect {

std::vector<double> polyfit_values(const std::vector<double>& x, const std::vector<double>& y,
                                   std::size_t degree) {
  const std::size_t n = x.size(), m = degree + 1;
  if (m >= n) return y;

  // a: n x m Vandermonde, highest power first (numpy.vander), each column scaled to unit norm.
  std::vector<std::vector<double>> a(m, std::vector<double>(n));  // column-major: a[column][row]
  std::vector<double> scale(m);
  for (std::size_t j = 0; j < m; ++j) {
    double ss = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      a[j][i] = std::pow(x[i], static_cast<double>(m - 1 - j));
      ss += a[j][i] * a[j][i];
    }
    scale[j] = std::sqrt(ss);
    for (double& v : a[j]) v /= scale[j];
  }

  // Householder QR: reflect column k below the diagonal onto the diagonal, applying each reflection to
  // the remaining columns and to b.
  std::vector<double> b = y;
  for (std::size_t k = 0; k < m; ++k) {
    double norm = 0.0;
    for (std::size_t i = k; i < n; ++i) norm += a[k][i] * a[k][i];
    norm = std::sqrt(norm);
    if (norm == 0.0) continue;
    const double alpha = a[k][k] > 0.0 ? -norm : norm;
    std::vector<double> v(a[k].begin() + k, a[k].end());
    v[0] -= alpha;
    double vv = 0.0;
    for (double e : v) vv += e * e;
    auto reflect = [&](std::vector<double>& col) {
      double dot = 0.0;
      for (std::size_t i = k; i < n; ++i) dot += v[i - k] * col[i];
      const double f = 2.0 * dot / vv;
      for (std::size_t i = k; i < n; ++i) col[i] -= f * v[i - k];
    };
    for (std::size_t j = k; j < m; ++j) reflect(a[j]);
    reflect(b);
  }

  // Back-substitution R c = Q^T b, then undo the column scaling.
  std::vector<double> c(m, 0.0);
  for (std::size_t k = m; k-- > 0;) {
    double s = b[k];
    for (std::size_t j = k + 1; j < m; ++j) s -= a[j][k] * c[j];
    c[k] = a[k][k] != 0.0 ? s / a[k][k] : 0.0;
  }
  for (std::size_t j = 0; j < m; ++j) c[j] /= scale[j];

  // Horner, highest power first (numpy.polyval).
  std::vector<double> out(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j) out[i] = out[i] * x[i] + c[j];
  return out;
}

}  // namespace autobench::detect
