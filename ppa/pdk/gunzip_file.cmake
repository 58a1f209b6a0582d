# cmake -DIN=<file.gz> -DOUT=<file> -P gunzip_file.cmake
# Decompresses one gzip file with gzip(1), through a temporary name so an
# interrupted build never leaves a partial library behind.
find_program(GZIP gzip REQUIRED)
execute_process(COMMAND ${GZIP} -dc ${IN} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "gunzip_file: gzip -dc ${IN} failed (${rc})")
endif()
file(RENAME ${OUT}.tmp ${OUT})
