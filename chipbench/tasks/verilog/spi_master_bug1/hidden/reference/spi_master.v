// SPI master, mode 0, MSB first, 8-bit transfers, sclk = clk / 4.
module spi_master (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,
    input  wire [7:0] tx_data,
    input  wire       miso,
    output reg        busy,
    output reg        done,
    output reg  [7:0] rx_data,
    output reg        sclk,
    output reg        mosi,
    output reg        cs_n
);
    reg [4:0] cyc;      // index of the current transfer cycle, 0..31
    reg [7:0] txsh;     // captured byte to send
    reg [7:0] rxsh;     // bits received so far

    wire [4:0] cyc_next = cyc + 5'd1;

    always @(posedge clk) begin
        if (rst) begin
            busy    <= 1'b0;
            done    <= 1'b0;
            rx_data <= 8'd0;
            sclk    <= 1'b0;
            mosi    <= 1'b0;
            cs_n    <= 1'b1;
            cyc     <= 5'd0;
            txsh    <= 8'd0;
            rxsh    <= 8'd0;
        end else begin
            done <= 1'b0;
            if (!busy) begin
                if (start) begin
                    busy <= 1'b1;
                    cs_n <= 1'b0;
                    sclk <= 1'b0;
                    txsh <= tx_data;
                    mosi <= tx_data[7];
                    cyc  <= 5'd0;
                end
            end else begin
                if (cyc[1:0] == 2'd2)
                    rxsh <= {rxsh[6:0], miso};
                if (cyc == 5'd31) begin
                    busy    <= 1'b0;
                    cs_n    <= 1'b1;
                    sclk    <= 1'b0;
                    mosi    <= 1'b0;
                    done    <= 1'b1;
                    rx_data <= rxsh;
                end else begin
                    cyc  <= cyc_next;
                    sclk <= cyc_next[1];
                    mosi <= txsh[3'd7 - cyc_next[4:2]];
                end
            end
        end
    end
endmodule
