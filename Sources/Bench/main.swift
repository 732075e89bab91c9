print("usage: bench --kernel <blend|scale|all> (runner not built yet)")
