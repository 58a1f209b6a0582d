#include "store/point_codec.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

namespace lutsim::store {

TEST_CASE("a point sent between processes arrives field for field, cell types kept", "[store]") {
  ResultTable t({{"kernel", "", "kernel family"}, {"ctas", "1", "CTAs"}, {"time", "us", "time"}});
  t.add_row({std::string("lut w2"), std::int64_t{-7}, 1.0});
  t.add_row({std::string(""), std::int64_t{1} << 62, std::numeric_limits<double>::quiet_NaN()});
  t.add_row({std::string("ü"), std::int64_t{0}, 0.1 + 0.2});
  const StoredPoint p{"k",  "rev-dirty", 41, "m=1, n=2", {"1", "2"},
                      {{"m", 1}, {"x", 0.30000000000000004}}, {{"gemm", t}}};
  const StoredPoint q = decode_point(encode_point(p));
  CHECK(q.key == p.key);
  CHECK(q.git_revision == p.git_revision);
  CHECK(q.index == 41);
  CHECK(q.label == p.label);
  CHECK(q.axis_values == p.axis_values);
  CHECK(same_results(q, p));
  CHECK(q.config_json == p.config.dump());  // the text the store keeps
  const auto& rows = q.tables.at(0).table.rows();
  CHECK(std::get<double>(rows[0][2]) == 1.0);  // a double stays a double
  CHECK(std::get<std::int64_t>(rows[1][1]) == std::int64_t{1} << 62);
  CHECK(std::isnan(std::get<double>(rows[1][2])));
  CHECK(std::get<double>(rows[2][2]) == 0.1 + 0.2);
  CHECK(q.tables[0].table.columns()[1].description == "CTAs");
  CHECK_THROWS_WITH(decode_point({0x01, 0x02}),
                    Catch::StartsWith("a sweep point sent between processes is malformed"));
}

}  // namespace lutsim::store
